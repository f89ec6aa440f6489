import { createElement, memo, type ComponentType } from "react";
import { intlLocale } from "./active-locale";

type WithLanguage = { renderedInLanguage: string };

/**
 * memo() for a section of a page that renders again and again as its data, the session and the
 * viewer's own rows arrive: it renders only when its props change, or when the language on
 * screen has (its words, dates and lists come from Lingui and Intl, which props do not carry).
 */
export function memoInLanguage<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  const name = Component.displayName ?? Component.name;
  const Section = memo(function Section({ renderedInLanguage: _, ...props }: P & WithLanguage) {
    return createElement(Component, props as P);
  });
  function InLanguage(props: P) {
    return createElement(Section, { ...props, renderedInLanguage: intlLocale() });
  }
  InLanguage.displayName = `InLanguage(${name})`;
  return InLanguage;
}
