// Re-exports the lint plugins from this workspace, whose own node_modules holds the TypeScript that typescript-eslint parses with.
export { default as tseslint } from 'typescript-eslint';
export { default as importX } from 'eslint-plugin-import-x';
export { default as jsxA11y } from 'eslint-plugin-jsx-a11y';
export { default as react } from 'eslint-plugin-react';
export { default as reactHooks } from 'eslint-plugin-react-hooks';
export { default as globals } from 'globals';
export { default as playwright } from 'eslint-plugin-playwright';
export { createNodeResolver } from 'eslint-plugin-import-x';
