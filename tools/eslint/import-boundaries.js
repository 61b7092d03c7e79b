import path from 'node:path';

/**
 * One rule for the house rules on imports (docs/design.md "House rules"): each boundary says which
 * files (`from`) must not import which targets (`to`). Relative imports are resolved to repository
 * paths first, so "features never import each other" can be checked even through "../other/x".
 */
export const importBoundaries = {
  meta: {
    type: 'problem',
    schema: [
      {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            from: { type: 'string' },
            to: { type: 'string' },
            except: { type: 'string' },
            message: { type: 'string' },
          },
          required: ['from', 'to', 'message'],
        },
      },
    ],
  },
  create(context) {
    const root = context.cwd;
    const file = path.relative(root, context.filename).split(path.sep).join('/');
    const boundaries = (context.options[0] ?? []).filter((boundary) => new RegExp(boundary.from).test(file));
    if (boundaries.length === 0) return {};

    function check(node, specifier) {
      if (typeof specifier !== 'string') return;
      const target = specifier.startsWith('.')
        ? path
            .relative(root, path.resolve(path.dirname(context.filename), specifier))
            .split(path.sep)
            .join('/')
        : specifier;
      for (const boundary of boundaries) {
        const fromMatch = new RegExp(boundary.from).exec(file);
        // "$1" in `to` refers to the first group of `from`, e.g. the importing feature's own name.
        const to = boundary.to.replace('$1', fromMatch?.[1] ?? '');
        if (!new RegExp(to).test(target)) continue;
        if (boundary.except && new RegExp(boundary.except.replace('$1', fromMatch?.[1] ?? '')).test(target)) continue;
        context.report({ node, message: boundary.message });
      }
    }

    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};
