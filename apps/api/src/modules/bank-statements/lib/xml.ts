import { SaxesParser } from 'saxes';
import { PARSE_LIMITS, StatementFileError } from './statement.js';
import { countEntries, swissCount, type ReadBudget } from './read-budget.js';

/** An element of a parsed XML file: its local name (prefix dropped), attributes, children, text. */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

/** Deeper nesting than any camt file has is refused, so no walk over the tree can overflow the stack. */
const MAX_DEPTH = PARSE_LIMITS.xmlDepth;

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

class DoctypeRefused extends Error {}

/**
 * Elements whose content no rule reads (addresses, agents, bank transaction codes, prices, taxes):
 * checked for well-formedness like the rest, but not kept, which saves most of the tree of a big
 * statement.
 */
const UNREAD = new Set([
  'PstlAdr',
  'RltdAgts',
  'BkTxCd',
  'RltdPric',
  'RltdQties',
  'FinInstrmId',
  'Tax',
  'RltdDts',
  'Purp',
  'CardTx',
  'SplmtryData',
]);

/** What a reader checks of the root element as soon as it opens (its name and namespaces). */
export type RootCheck = (root: XmlElement) => void;

/**
 * Reads XML text into a tree, safely: a DOCTYPE is refused before anything of it is read (so no
 * entity is ever declared, let alone expanded: the parser knows only the five predefined entities
 * and character references, and an unknown one is an error), and so is nesting beyond 64 levels.
 * The root is checked (`checkRoot`) as soon as it opens, so a file of another kind is refused
 * before its body is read; every element counts against the upload's budget of elements and
 * entries (`Ntry`), and empty elements are not kept (no rule reads them), so a file of millions
 * of `<a/>` stops at the limit without having grown a tree. A truncated or malformed file answers
 * a German message naming the line (docs/bank-statements.md "Safe parsing"). The first pass tracks
 * no positions (a third faster on big files); only a failed file is read again to find its line.
 */
export function parseXml(text: string, budget?: ReadBudget, checkRoot?: RootCheck): XmlElement {
  const before = budget && { ...budget };
  try {
    return readTree(text, false, budget, checkRoot);
  } catch (error) {
    if (error instanceof MalformedXml) {
      if (budget && before) Object.assign(budget, before);
      readTree(text, true, budget, checkRoot);
    }
    throw error;
  }
}

class MalformedXml extends StatementFileError {}

/** Elements read after a refused root before the refusal is answered (a small file's first error still wins). */
const ROOT_GRACE_ELEMENTS = 10_000;

function readTree(text: string, position: boolean, budget?: ReadBudget, checkRoot?: RootCheck): XmlElement {
  const parser = new SaxesParser({ position });
  const root: XmlElement = { name: '', attributes: {}, children: [], text: '' };
  const stack: XmlElement[] = [root];
  // Depth inside an unread element: its descendants are parsed but not kept.
  let skipping = 0;
  // A refused root: a small file still answers its first error (broken, too deep) as before, a big one stops soon.
  let refusedRoot: unknown;
  let elementsAfterRoot = 0;
  parser.on('doctype', () => {
    throw new DoctypeRefused();
  });
  parser.on('opentag', (tag) => {
    if (stack.length + skipping > MAX_DEPTH) throw new StatementFileError('Die XML-Datei ist zu tief verschachtelt.');
    const name = localName(tag.name);
    if (budget) {
      budget.elements += 1;
      if (budget.elements > PARSE_LIMITS.xmlElements) {
        throw new StatementFileError(
          `Die Datei enthält mehr als ${swissCount(PARSE_LIMITS.xmlElements)} XML-Elemente; so grosse Dateien werden nicht gelesen. Bitte laden Sie kürzere Zeiträume hoch.`,
        );
      }
      if (name === 'Ntry') countEntries(budget, 1);
    }
    if (stack.length === 1 && root.children.length === 0 && checkRoot) {
      try {
        checkRoot({ name, attributes: tag.attributes as Record<string, string>, children: [], text: '' });
      } catch (error) {
        refusedRoot = error;
      }
    } else if (refusedRoot !== undefined && (elementsAfterRoot += 1) > ROOT_GRACE_ELEMENTS) {
      throw refusedRoot;
    }
    if (skipping > 0 || UNREAD.has(name)) {
      skipping += 1;
      return;
    }
    const element: XmlElement = { name, attributes: tag.attributes as Record<string, string>, children: [], text: '' };
    stack.at(-1)!.children.push(element);
    stack.push(element);
  });
  parser.on('closetag', () => {
    if (skipping > 0) {
      skipping -= 1;
      return;
    }
    const closed = stack.pop()!;
    // An empty element (no text, children or attributes) tells no rule anything: not kept.
    // `Ntry` stays, so entries keep their places ("Buchung 3") and an empty one is still an error.
    if (closed.children.length === 0 && closed.text === '' && stack.length > 1 && closed.name !== 'Ntry') {
      let empty = true;
      for (const _name in closed.attributes) empty = false;
      if (empty) stack.at(-1)!.children.pop();
    }
  });
  const addText = (chunk: string) => {
    if (skipping > 0) return;
    const current = stack.at(-1)!;
    // Whitespace between elements is dropped; only leaf values matter.
    if (current !== root && (current.text !== '' || chunk.trim() !== '')) current.text += chunk;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('error', (error) => {
    const where = position ? ` (Zeile ${parser.line})` : '';
    throw new MalformedXml(
      `Die XML-Datei ist beschädigt oder unvollständig${where}: ${error.message.replace(/^\d+:\d+: /, '')}`,
    );
  });
  try {
    parser.write(text).close();
  } catch (error) {
    if (error instanceof DoctypeRefused) {
      throw new StatementFileError(
        'Die XML-Datei enthält eine DOCTYPE-Deklaration; solche Dateien werden nicht gelesen.',
      );
    }
    throw error;
  }
  if (refusedRoot !== undefined) throw refusedRoot;
  const [document] = root.children;
  if (!document) throw new StatementFileError('Die XML-Datei ist leer.');
  return document;
}

/** The first child named `name`. */
export function child(element: XmlElement | undefined, name: string): XmlElement | undefined {
  return element?.children.find((candidate) => candidate.name === name);
}

/** Every child named `name`. */
export function childrenNamed(element: XmlElement | undefined, name: string): XmlElement[] {
  return element ? element.children.filter((candidate) => candidate.name === name) : [];
}

// The few paths the rules read, split once: a big statement asks for them a million times.
const splitPaths = new Map<string, string[]>();

/** The element at a path of child names ("Acct/Id/IBAN"). */
export function at(element: XmlElement | undefined, path: string): XmlElement | undefined {
  let names = splitPaths.get(path);
  if (!names) {
    names = path.split('/');
    splitPaths.set(path, names);
  }
  let current = element;
  for (const name of names) current = child(current, name);
  return current;
}

/** The trimmed text at a path; undefined when the element is missing or empty. */
export function textAt(element: XmlElement | undefined, path: string): string | undefined {
  const text = at(element, path)?.text.trim();
  return text ? text : undefined;
}

/** The first non-empty text among several paths (versions name the same thing differently). */
export function firstText(element: XmlElement | undefined, paths: string[]): string | undefined {
  for (const path of paths) {
    const text = textAt(element, path);
    if (text !== undefined) return text;
  }
  return undefined;
}

/**
 * XML bytes as text: UTF-8 (a byte order mark dropped); a file that declares ISO-8859-1 or
 * windows-1252 is read as such. Broken UTF-8 is refused, not read with replacement characters.
 */
export function decodeXml(bytes: Uint8Array): string {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200));
  const declared = /^\s*<\?xml[^>]*encoding=["']([A-Za-z0-9_-]+)["']/.exec(head)?.[1]?.toLowerCase();
  if (declared && /^(iso-8859-1|latin1|windows-1252|cp1252)$/.test(declared)) {
    return new TextDecoder('windows-1252').decode(bytes);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new StatementFileError('Die XML-Datei ist nicht UTF-8-kodiert.');
  }
}
