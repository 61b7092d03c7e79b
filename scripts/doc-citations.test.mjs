import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Source comments, tests, e2e specs, scripts and the docs themselves cite a rule as a file and a
 * section in quotes: docs/<file>.md (or ARCHITECTURE.md) followed by the section's name in double
 * quotes (a comma, a parenthesis or a comment's line break may stand between them, and a comment's
 * line break may split the name). Every such section must be a heading of that file (`#` to
 * `######`), spelled and capitalised exactly as the heading, spaces aside (bold text inside a
 * section is not a heading: cite the heading above it). A renamed heading then fails here instead
 * of leaving its citations pointing nowhere.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const searched = ['apps', 'packages', 'e2e', 'scripts', 'docs', 'tools'];
const skipped = new Set([
  'node_modules',
  'dist',
  'dist-types',
  'data',
  'test-results',
  'playwright-report',
  '.e2e-data',
]);
const extensions = /\.(ts|tsx|mts|js|mjs|cjs|md|sh|html|css|yml|yaml)$/;
const self = fileURLToPath(import.meta.url);

// The file, then what may stand between it and the quoted section: spaces and line breaks with a
// comment's `//`, `*` or `#`, a comma, an opening parenthesis. The section may go on over one
// comment line break.
const citation =
  /(docs\/[a-z0-9-]+|ARCHITECTURE)\.md(?:[\s,(*#]|\/\/)*"([^"\n]{1,80}(?:\n[ \t]*(?:\/\/|\*|#)?[^"\n]{1,80})?)"/g;
const lineBreak = /\s*\n[ \t]*(?:\/\/|\*|#)?\s*/g;

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return skipped.has(entry.name) ? [] : filesUnder(path);
    return extensions.test(entry.name) && path !== self ? [path] : [];
  });
}

function headingsOf(file) {
  const path = join(root, `${file}.md`);
  if (!existsSync(path)) return undefined;
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => /^#{1,6} /.test(line))
    .map((line) => line.replace(/^#+ /, '').trim());
}

const files = [
  ...searched.flatMap((dir) => filesUnder(join(root, dir))),
  ...readdirSync(root)
    .filter((name) => name.endsWith('.md'))
    .map((name) => join(root, name)),
];

const headings = new Map();
const citations = files.flatMap((path) => {
  const text = readFileSync(path, 'utf8');
  return [...text.matchAll(citation)].map((match) => ({
    at: `${relative(root, path)}:${text.slice(0, match.index).split('\n').length}`,
    file: match[1],
    section: match[2].replace(lineBreak, ' ').trim(),
  }));
});

describe('docs/x.md "Section" citations', () => {
  it('are found in the sources and the docs', () => {
    expect(citations.length).toBeGreaterThan(500);
  });

  it('each name a heading of the cited file', () => {
    const broken = citations.filter(({ file, section }) => {
      if (!headings.has(file)) headings.set(file, headingsOf(file));
      return !headings.get(file)?.includes(section);
    });
    expect(broken.map(({ at, file, section }) => `${at}: ${file}.md "${section}"`)).toEqual([]);
  });
});
