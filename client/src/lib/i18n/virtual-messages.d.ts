declare module 'virtual:interface-messages/*' {
  /**
   * A locale's compiled catalogue (client/i18n-catalogues.ts): `virtual:interface-messages/<locale>` whole, or one
   * of its two parts, `<locale>/first` (the first screens' namespaces) and `<locale>/rest`.
   */
  const messages: import('@lingui/core').Messages;
  export default messages;
}
