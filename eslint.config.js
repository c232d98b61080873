// ESLint over the whole tree with typescript-eslint's recommended type-checked rules (`npm run lint`, part of
// `npm test`). The rules turned off are each named below with the reason.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', 'web/dist/', 'dist/', 'vendor/', '**/*.mjs', '**/*.cjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
);
