/**
 * Every message id: the keys of the English catalogue, namespace by namespace (one file each in messages/). A
 * namespace added there is added here, so `t()` refuses an id that does not exist.
 */
import type shell from './messages/shell.en.json';
import type app from './messages/app.en.json';
import type lib from './messages/lib.en.json';
import type walk from './messages/walk.en.json';
import type tours from './messages/tours.en.json';
import type ui from './messages/ui.en.json';

export type MessageId =
  keyof typeof shell | keyof typeof app | keyof typeof lib | keyof typeof walk | keyof typeof tours | keyof typeof ui;
