'use strict';
/**
 * The import resolver of eslint-plugin-import for this repository: the web app's `@/` alias (apps/web/tsconfig.json
 * paths) and TypeScript files, on top of the Node resolver. It lets the path-based zones of
 * `import/no-restricted-paths` and `import/no-cycle` see alias imports and relative imports alike.
 */
const path = require('node:path');
const nodeResolver = require('eslint-import-resolver-node');

const WEB_SRC = path.join(__dirname, 'apps', 'web', 'src');
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs', '.json'];

exports.interfaceVersion = 2;

exports.resolve = function resolve(source, file, config) {
  const options = { ...config, extensions: EXTENSIONS };
  if (source.startsWith('@/') && path.resolve(file).startsWith(WEB_SRC + path.sep)) {
    return nodeResolver.resolve(path.join(WEB_SRC, source.slice(2)), file, options);
  }
  // Source files import each other with a `.ts` suffix in the server and contracts; the Node resolver finds them.
  return nodeResolver.resolve(source, file, options);
};
