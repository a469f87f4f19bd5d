import type { ResourceName } from '../../resources.config.js';
import type { Area } from '../platform/area.js';
import { registerRentPush } from '../codes/index.js';
import { queueRentPush, rentPushJob, settleRentPushes } from './push.js';
import { registerRentRoutes } from './rent.routes.js';

/**
 * Rentals (a link of kind `rent`): renting a number, 续租, 结束 and the refunded cancel (`rent.ts`,
 * bought and refunded through sales), the console's routes for them, and the job that POSTs a
 * rental's SMS to its url (queued as codes deliver them). The protocol's getRent* actions are
 * sms-activate's.
 */
export const rentals: Area<ResourceName> = {
  install(app, ctx) {
    registerRentPush(queueRentPush);
    registerRentRoutes(app, ctx);
    // A rent push under way writes its outcome before the database closes (at most its timeout).
    app.addHook('onClose', () => settleRentPushes(ctx));
  },
  jobs: [rentPushJob],
};

// What other areas use of rentals: renting and its calls, reading one and its SMS, a product's
// terms and price (sms-activate).
export { cancelRental, extendRental, finishRental, rentExtensionQuote, rentNumber, rentRefusalOf, type RentRefusal } from './rent.js';
export { rentalOf, rentalSms, type Rental } from './read.js';
export { rentAmount, rentTermsOf, checkedRentUrl, type RentTerms, DEFAULT_RENT_HOURS, hoursAllowed } from './terms.js';
