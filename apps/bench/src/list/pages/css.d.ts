// The benchmark pages import stylesheets for their side effect, as apps do; esbuild bundles them.
declare module '*.css' {}
