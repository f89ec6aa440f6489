import { I18nProvider } from "@lingui/react";
import { render as rtlRender, type RenderOptions } from "@testing-library/react";
import type { ReactElement, ReactNode } from "react";
import { i18n } from "@/lib/i18n";

export function I18nWrapper({ children }: { children: ReactNode }) {
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}

/** Testing Library's render, inside the app's I18nProvider (English, every catalogue loaded). */
export function render(ui: ReactElement, options?: RenderOptions) {
  const Outer = options?.wrapper;
  const wrapper = Outer
    ? ({ children }: { children: ReactNode }) => (
        <I18nWrapper>
          <Outer>{children}</Outer>
        </I18nWrapper>
      )
    : I18nWrapper;
  return rtlRender(ui, { ...options, wrapper });
}
