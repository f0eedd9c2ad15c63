/**
 * Marks an element (the toast region) that must stay live while a dialog is open: Dialog.tsx moves it into the top
 * dialog, since everything outside it is inert (hidden from readers, not clickable) and under its backdrop. Apart from
 * the dialog, which comes with the views that open one, so that the toasts of every page do not bring it.
 */
export const KEEP_LIVE_ATTRIBUTE = 'data-dialog-keep-live';
