/**
 * Every message id: the keys of the English catalogue, namespace by namespace (one file each in messages/). A
 * namespace added there is added here, so `t()` refuses an id that does not exist.
 */
import type shell from './messages/shell.en.json';
import type account from './messages/account.en.json';
import type app from './messages/app.en.json';
import type auth from './messages/auth.en.json';
import type create from './messages/create.en.json';
import type discover from './messages/discover.en.json';
import type follows from './messages/follows.en.json';
import type home from './messages/home.en.json';
import type insights from './messages/insights.en.json';
import type lib from './messages/lib.en.json';
import type notifications from './messages/notifications.en.json';
import type places from './messages/places.en.json';
import type planned from './messages/planned.en.json';
import type share from './messages/share.en.json';
import type story from './messages/story.en.json';
import type tours from './messages/tours.en.json';
import type ui from './messages/ui.en.json';
import type walk from './messages/walk.en.json';
import type moderation from './messages/moderation.en.json';
import type camera from './messages/camera.en.json';
import type common from './messages/common.en.json';

export type MessageId =
  | keyof typeof shell
  | keyof typeof account
  | keyof typeof app
  | keyof typeof auth
  | keyof typeof create
  | keyof typeof discover
  | keyof typeof follows
  | keyof typeof home
  | keyof typeof insights
  | keyof typeof lib
  | keyof typeof notifications
  | keyof typeof places
  | keyof typeof planned
  | keyof typeof share
  | keyof typeof story
  | keyof typeof tours
  | keyof typeof ui
  | keyof typeof walk
  | keyof typeof moderation
  | keyof typeof camera
  | keyof typeof common;
