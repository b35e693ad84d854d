/**
 * One area's texts in the four interface languages. French is the reference: the compiler refuses an
 * area whose English, Spanish or Catalan block lacks one of its keys or adds one.
 */
export interface AreaMessages<Keys extends string> {
  fr: Record<Keys, string>;
  en: Record<Keys, string>;
  es: Record<Keys, string>;
  ca: Record<Keys, string>;
}

export function defineMessages<const French extends Record<string, string>>(messages: {
  fr: French;
  en: Record<keyof French, string>;
  es: Record<keyof French, string>;
  ca: Record<keyof French, string>;
}): AreaMessages<Extract<keyof French, string>> {
  return messages;
}
