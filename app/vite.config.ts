import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { designTokens } from './design-tokens.ts';
import { earlyScript } from './early-script.ts';
import { firstLoadChunk } from './first-load.ts';

// Served at the root of its origin (by `npm start` and by Amplify Hosting): absolute asset paths, so
// that index.html also works where it is served for an invite link, /join/<code>.
export default defineConfig({
  base: '/',
  plugins: [react(), designTokens(), firstLoadChunk(), earlyScript()],
  build: { outDir: 'dist', emptyOutDir: true },
});
