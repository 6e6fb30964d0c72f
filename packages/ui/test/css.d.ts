// Stylesheets are imported for their side effect (tests load the theme); they export nothing.
declare module '*.css' {}
