// Auth's email templates run as GoTrue runs them: Go's html/template (decision 0237, which
// replaces 0206's subset). Parsing in go-template-parse.ts, running in go-template-exec.ts,
// the escaping by context in html-context.ts.
import { execute, type Output } from './go-template-exec.ts';
import { parseGoTemplate, type ParsedTemplate } from './go-template-parse.ts';
import { HtmlContext } from './html-context.ts';

export { TemplateError, type ParsedTemplate } from './go-template-parse.ts';
export type TemplateData = Record<string, unknown>;

/** Parses a template; a syntax error throws TemplateError naming `name`, its line and the action. */
export function parseTemplate(source: string, name: string): ParsedTemplate {
  return parseGoTemplate(source, name);
}

const plain: Output = { text: (s) => s, value: (s) => s };

/**
 * Renders a parsed template. `html`: values escaped for where they land, as html/template does
 * (an email body); `text`: values as they are (a subject, where html/template's entities would
 * only show up as `&amp;`). A run-time error (a field of a string, a bad comparison) throws
 * TemplateError.
 */
export function renderTemplate(t: ParsedTemplate, data: TemplateData, mode: 'html' | 'text' = 'text'): string {
  return execute(t, data, mode === 'html' ? new HtmlContext() : plain);
}
