import type { Plugin } from 'vite';
// By path, not by package name: the config is bundled before any workspace package is built.
import { colorSchemeBootScript } from '../../../packages/shared/src/color-scheme-boot.ts';

/** Puts the colour-mode boot script first into the page's head (see colorSchemeBootScript). */
export function colorSchemeBoot(): Plugin {
  return {
    name: 'saldopilot:color-scheme-boot',
    transformIndexHtml: () => [{ tag: 'script', children: colorSchemeBootScript, injectTo: 'head' }],
  };
}
