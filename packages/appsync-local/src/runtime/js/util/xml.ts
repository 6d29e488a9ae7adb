/**
 * util.xml (xml-helpers-in-util-xml-js.html): XML to a map the way the documented examples show it,
 * which is org.json's XML conversion: text that reads as a number, boolean or null becomes one
 * (`<id>1</id>` → `"id": 1`), a repeated element becomes an array, attributes become keys, text next to
 * attributes or elements goes under "content", an empty element is "". Declarations, comments and
 * DOCTYPE are skipped. Blank input gives null; malformed XML is an error (a guess).
 */
type XmlValue = string | number | boolean | null | XmlValue[] | { [k: string]: XmlValue };
type XmlObject = { [k: string]: XmlValue };

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);/g, (whole, name: string) => {
    if (name.startsWith('#x')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name] ?? whole;
  });
}

/** org.json's stringToValue: numbers (not with leading zeros), true/false/null, else the string. */
function toValue(text: string): XmlValue {
  if (text === '') return '';
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (text === 'null') return null;
  if (/^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/.test(text)) {
    const n = Number(text);
    if (Number.isFinite(n)) return n;
  }
  return text;
}

function accumulate(target: XmlObject, key: string, value: XmlValue): void {
  if (!Object.hasOwn(target, key)) target[key] = value;
  else if (Array.isArray(target[key])) (target[key] as XmlValue[]).push(value);
  else target[key] = [target[key], value];
}

class Parser {
  i = 0;
  constructor(readonly xml: string) {}

  fail(what: string): never {
    throw new Error(`util.xml: malformed XML at character ${this.i}: ${what}`);
  }

  skipMarkup(): boolean {
    for (const [open, close] of [
      ['<?', '?>'],
      ['<!--', '-->'],
      ['<!DOCTYPE', '>'],
    ]) {
      if (this.xml.startsWith(open, this.i)) {
        const end = this.xml.indexOf(close, this.i + open.length);
        if (end < 0) this.fail(`unterminated ${open}`);
        this.i = end + close.length;
        return true;
      }
    }
    return false;
  }

  /** Parses the content of an element up to `</name>` into `into`; returns its text. */
  content(into: XmlObject, name: string | null): string {
    let text = '';
    while (this.i < this.xml.length) {
      if (this.xml.startsWith('</', this.i)) {
        const end = this.xml.indexOf('>', this.i);
        const closing = this.xml.slice(this.i + 2, end).trim();
        if (closing !== name) this.fail(`</${closing}> does not close <${name}>`);
        this.i = end + 1;
        return text;
      }
      if (this.xml.startsWith('<![CDATA[', this.i)) {
        const end = this.xml.indexOf(']]>', this.i);
        if (end < 0) this.fail('unterminated CDATA');
        text += this.xml.slice(this.i + 9, end);
        this.i = end + 3;
      } else if (this.skipMarkup()) {
        continue;
      } else if (this.xml[this.i] === '<') {
        this.element(into);
      } else {
        const next = this.xml.indexOf('<', this.i);
        const end = next < 0 ? this.xml.length : next;
        const chunk = decode(this.xml.slice(this.i, end)).trim();
        if (chunk) text += chunk;
        this.i = end;
      }
    }
    if (name !== null) this.fail(`<${name}> is not closed`);
    return text;
  }

  element(into: XmlObject): void {
    const head = /^<([^\s/>]+)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/.exec(this.xml.slice(this.i));
    if (!head) this.fail('expected an element');
    const [whole, name, attributes, selfClosing] = head;
    this.i += whole.length;
    const node: XmlObject = {};
    for (const a of attributes.matchAll(/([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
      accumulate(node, a[1], toValue(decode(a[2] ?? a[3])));
    }
    const text = selfClosing ? '' : this.content(node, name);
    if (Object.keys(node).length === 0) accumulate(into, name, toValue(text));
    else {
      if (text) accumulate(node, 'content', toValue(text));
      accumulate(into, name, node);
    }
  }
}

export function xmlToMap(xml: unknown): XmlObject | null {
  const text = String(xml ?? '');
  if (!text.trim()) return null;
  const root: XmlObject = {};
  const stray = new Parser(text).content(root, null);
  if (stray) throw new Error('util.xml: malformed XML: text outside the root element');
  return root;
}

export const xmlUtils = {
  toMap: xmlToMap,
  toJsonString(xml: unknown, stringEncode?: unknown): string {
    const json = JSON.stringify(xmlToMap(xml));
    return stringEncode === true ? JSON.stringify(json) : json;
  },
};
