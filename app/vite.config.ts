import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Relative asset paths: the same build is served by `npm start` and from Amplify Hosting.
export default defineConfig({
  base: './',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true },
});
