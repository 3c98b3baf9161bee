// The few DOM members the extractor uses. The project compiles without the DOM lib (it is a
// server), and linkedom's own typings lean on it, so documents from linkedom are viewed
// through these structural types instead of `any`.

export const ELEMENT_NODE = 1;
export const TEXT_NODE = 3;

export interface DomNode {
  readonly nodeType: number;
  readonly childNodes: ArrayLike<DomNode>;
  readonly textContent: string | null;
}

export interface DomElement extends DomNode {
  readonly tagName: string;
  getAttribute(name: string): string | null;
  querySelector(selectors: string): DomElement | null;
  querySelectorAll(selectors: string): ArrayLike<DomElement>;
}

export interface DomDocument {
  readonly documentElement: DomElement | null;
  readonly body: DomElement | null;
  querySelector(selectors: string): DomElement | null;
  querySelectorAll(selectors: string): ArrayLike<DomElement>;
}
