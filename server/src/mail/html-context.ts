// html/template's contextual escaping, as GoTrue's emails get it (decision 0237): a value is
// escaped for where it lands — HTML text, an attribute, a URL attribute (its start filtered
// and normalised, its query escaped), CSS or JavaScript — and HTML comments in the template's
// own text are left out of the output. The context follows the template text as it is written
// out; values never move it (as in Go, where it is worked out from the template alone).

type State = 'text' | 'tag' | 'attrName' | 'afterName' | 'beforeValue' | 'value' | 'comment' | 'raw';
type AttrKind = 'plain' | 'url' | 'css' | 'js';

const URL_ATTRS = new Set(['href', 'src', 'action', 'background', 'cite', 'codebase', 'data', 'formaction', 'icon', 'longdesc', 'manifest', 'poster', 'profile', 'usemap', 'xmlns', 'srcset']);
const RAW_ELEMENTS = new Set(['script', 'style', 'textarea', 'title']);

function attrKind(name: string): AttrKind {
  const n = name.toLowerCase().replace(/^(data-|xlink:)/, '');
  if (n.startsWith('on')) return 'js';
  if (n === 'style') return 'css';
  if (URL_ATTRS.has(n) || n.includes('url') || n.includes('uri') || n.startsWith('xmlns:')) return 'url';
  return 'plain';
}

const HTML_ESCAPES: Record<string, string> = { '\0': '\uFFFD', '"': '&#34;', "'": '&#39;', '&': '&amp;', '+': '&#43;', '<': '&lt;', '>': '&gt;' };
const UNQUOTED_EXTRA: Record<string, string> = { '\t': '&#9;', '\n': '&#10;', '\f': '&#12;', '\r': '&#13;', ' ': '&#32;', '=': '&#61;', '`': '&#96;' };

/** html/template's htmlEscaper (and, unquoted, its htmlNospaceEscaper). */
export function escapeHtmlGo(s: string, unquoted = false): string {
  return s.replace(/[\0"'&+<>\t\n\f\r =`]/g, (c) => HTML_ESCAPES[c] ?? (unquoted ? UNQUOTED_EXTRA[c]! : c));
}

/** Go's URL processing: escape all but unreserved (query parts), or also keep reserved ones and valid %XX (normalise). */
function processUrl(s: string, normalize: boolean): string {
  const bytes = Buffer.from(s, 'utf8');
  let out = '';
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i]!;
    const ch = String.fromCharCode(c);
    if (/[A-Za-z0-9\-._~]/.test(ch)) { out += ch; continue; }
    if (normalize && '!#$&*+,/:;=?@[]'.includes(ch)) { out += ch; continue; }
    if (normalize && ch === '%' && i + 2 < bytes.length && /^[0-9a-fA-F]{2}$/.test(String.fromCharCode(bytes[i + 1]!, bytes[i + 2]!))) { out += ch; continue; }
    out += `%${c.toString(16).padStart(2, '0')}`;
  }
  return out;
}

/** html/template's urlFilter: a URL with a scheme other than http, https or mailto becomes "#ZgotmplZ". */
function filterUrl(s: string): string {
  const colon = s.indexOf(':');
  if (colon >= 0 && !s.slice(0, colon).includes('/')) {
    const scheme = s.slice(0, colon).toLowerCase();
    if (scheme !== 'http' && scheme !== 'https' && scheme !== 'mailto') return '#ZgotmplZ';
  }
  return s;
}

/** html/template's cssValueFilter, approximately: plain words, numbers, colours and lengths only. */
function filterCss(s: string): string {
  return /^[\w\s#.,%+-]*$/.test(s) && !/expression|url|javascript/i.test(s) ? s : 'ZgotmplZ';
}

/** html/template's jsValEscaper for a string: a quoted JS string with <, >, & and quotes escaped. */
function escapeJsValue(s: string): string {
  return JSON.stringify(s).replace(/[<>&'\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export class HtmlContext {
  private state: State = 'text';
  private tagName = '';
  private closing = false;
  private attr = '';
  private quote = '';
  private urlPart: 'none' | 'pre' | 'query' = 'none';
  private raw = '';

  /** Writes template text: the context moves along it; HTML comments are dropped from the output. */
  text(s: string): string {
    let out = '';
    for (let i = 0; i < s.length; i++) {
      const c = s[i]!;
      switch (this.state) {
        case 'comment':
          if (s.startsWith('-->', i)) { this.state = 'text'; i += 2; }
          continue;
        case 'text':
          if (c === '<' && s.startsWith('<!--', i)) { this.state = 'comment'; i += 3; continue; }
          if (c === '<' && /[A-Za-z/]/.test(s[i + 1] ?? '')) {
            this.closing = s[i + 1] === '/';
            const m = s.slice(i + (this.closing ? 2 : 1)).match(/^[A-Za-z][A-Za-z0-9:-]*/);
            this.tagName = (m?.[0] ?? '').toLowerCase();
            this.state = 'tag';
          }
          break;
        case 'raw':
          if (c === '<' && s.slice(i, i + 2 + this.raw.length).toLowerCase() === `</${this.raw}`) {
            this.state = 'tag';
            this.closing = true;
            this.tagName = this.raw;
          }
          break;
        case 'tag':
        case 'afterName':
          if (c === '>') this.endTag();
          else if (/[^\s/"'=]/.test(c) && (this.state === 'afterName' || /\s/.test(s[i - 1] ?? ' '))) {
            this.state = 'attrName';
            this.attr = c;
          } else if (c === '=' && this.state === 'afterName') this.state = 'beforeValue';
          break;
        case 'attrName':
          if (c === '=') this.state = 'beforeValue';
          else if (c === '>') this.endTag();
          else if (/\s/.test(c)) this.state = 'afterName';
          else this.attr += c;
          break;
        case 'beforeValue':
          if (/\s/.test(c)) break;
          if (c === '>') { this.endTag(); break; }
          this.quote = c === '"' || c === "'" ? c : '';
          this.state = 'value';
          this.urlPart = 'none';
          if (!this.quote) this.valueText(c);
          break;
        case 'value':
          if ((this.quote && c === this.quote) || (!this.quote && /\s/.test(c))) this.state = 'tag';
          else if (!this.quote && c === '>') this.endTag();
          else this.valueText(c);
          break;
      }
      out += c;
    }
    return out;
  }

  private valueText(c: string): void {
    if (c === '?' || c === '#') this.urlPart = 'query';
    else if (this.urlPart === 'none' && !/\s/.test(c)) this.urlPart = 'pre';
  }

  private endTag(): void {
    this.state = !this.closing && RAW_ELEMENTS.has(this.tagName) ? 'raw' : 'text';
    this.raw = this.state === 'raw' ? this.tagName : '';
  }

  /** A value printed here, escaped as html/template escapes it in this context. */
  value(s: string): string {
    if (this.state === 'comment') return '';
    if (this.state === 'raw') {
      if (this.raw === 'script') return escapeJsValue(s);
      if (this.raw === 'style') return filterCss(s);
      return escapeHtmlGo(s);
    }
    if (this.state !== 'value' && this.state !== 'beforeValue') return escapeHtmlGo(s);
    const unquoted = this.state === 'beforeValue' || this.quote === '';
    const kind = attrKind(this.attr);
    let v = s;
    if (kind === 'url') v = this.urlPart === 'query' ? processUrl(s, false) : processUrl(this.urlPart === 'none' ? filterUrl(s) : s, true);
    else if (kind === 'css') v = filterCss(s);
    else if (kind === 'js') v = escapeJsValue(s);
    return escapeHtmlGo(v, unquoted);
  }
}
