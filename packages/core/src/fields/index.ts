/**
 * The edit rules of the kit's fields, as pure functions: what an edit does to the code or the
 * phone number and where the caret goes. The React hooks only read events and place the caret.
 */
export * from './code-field'
export * from './phone-field'
