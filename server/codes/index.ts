/**
 * What other areas use of codes: delivering a message to the links waiting for it, assigning one by
 * hand, deduplication keys, finding a code in a text, and where rentals registers its push queue
 * (and agents the push of every SMS to a number an aggregator holds).
 * Codes hands the app no routes or jobs of its own; they are intake's and upstream's.
 */
export { assignableFlags, assignableLinks, assignMessage, type LinkSearch } from './assign.js';
export { messageFingerprint, exactKey, DEDUPE_WINDOW_MS } from './dedupe.js';
export { deliverMessage } from './deliver.js';
export { extractCode } from './extract.js';
export { htmlToText } from './html-text.js';
export { registerRentPush } from './rent-push.js';
export { registerMessagePush, type MessagePush } from './message-push.js';
