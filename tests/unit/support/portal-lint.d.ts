// The one export of the lint workspace (tools/lint/plugins.js, untyped JavaScript) that a TypeScript test uses:
// typescript-eslint's parser, which reads TSX as the lint does (tests/unit/messages/accessible-names.test.ts).
declare module '@portal/lint' {
  export const tseslint: {
    parser: {
      parseForESLint(code: string, options?: Record<string, unknown>): { ast: unknown };
    };
  };
}
