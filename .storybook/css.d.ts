// Stylesheets are imported for their side effect (the theme of the stories); they export nothing.
declare module '*.css' {}
