declare module 'virtual:interface-messages/*' {
  /** One locale's compiled catalogue (client/i18n-catalogues.ts). */
  const messages: import('@lingui/core').Messages;
  export default messages;
}
