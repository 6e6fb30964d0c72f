// Declarations every checked block sees, as an app's own setup provides them: Vite's `vite/client`
// and Next.js' `next-env.d.ts` declare stylesheet imports (TypeScript 7 checks side-effect imports).
declare module '*.css' {}
