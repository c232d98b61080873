// ESLint over the whole tree with typescript-eslint's recommended type-checked rules (`npm run lint`; it joins
// `npm test` once its findings are fixed). A rule turned off must be named below with the reason; none is yet.
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
