// A chunk of its own (load-catalogue.ts imports it lazily); the texts live in libs/contracts/src/i18n/.
export { de } from '@app/contracts/i18n/de';
