import { ADMIN_PATH } from '@app/contracts/watch';
import { type AdminLocation, adminSearchParams } from './admin-location';

/** The dashboard's URL for a location: `/admin` for the content tab, else with its query. */
export const adminLink = (to: Partial<AdminLocation>) =>
  `${ADMIN_PATH}?${adminSearchParams(to).toString()}`.replace(/\?$/, '');
