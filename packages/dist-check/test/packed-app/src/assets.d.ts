// What `vite/client` declares in a Vite app (Vite itself is the workspace's, not installed here):
// stylesheets are modules.
declare module '*.css'
