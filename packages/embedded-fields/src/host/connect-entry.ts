/**
 * The classic-script entry of dist/embedded-fields-connect.js: penpal, which embedded-fields.js
 * loads once a secure frame is ready, with its SRI hash (frame-messaging.ts); this script
 * hands it to that very script element.
 */
import { WindowMessenger, connect } from 'penpal';
import { CONNECT_LOADED_EVENT, type FrameMessaging } from './frame-messaging';

const messaging: FrameMessaging = { connect, WindowMessenger };
document.currentScript?.dispatchEvent(new CustomEvent(CONNECT_LOADED_EVENT, { detail: messaging }));
