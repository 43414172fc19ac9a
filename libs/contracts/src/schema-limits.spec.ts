import { z } from 'zod';
import { maxLengthOf } from './schema-limits';
import { LEGAL_TEXT_MAX_CHARS, settingValueSchema } from './settings';
import { sponsorshipInputSchema } from './sponsorships';

describe('maxLengthOf', () => {
  it('reads the limit a setting’s schema enforces, through its preprocessing', () => {
    expect(maxLengthOf(settingValueSchema('siteTitle'))).toBe(100);
    expect(maxLengthOf(settingValueSchema('siteDescription'))).toBe(500);
    expect(maxLengthOf(settingValueSchema('privacyPolicyContent'))).toBe(LEGAL_TEXT_MAX_CHARS);
  });

  it('reads a form field’s limit', () => {
    expect(maxLengthOf(sponsorshipInputSchema.shape.sponsorName)).toBe(100);
    expect(maxLengthOf(sponsorshipInputSchema.shape.message)).toBe(1000);
  });

  it('agrees with what the schema refuses', () => {
    const schema = settingValueSchema('siteTitle');
    const max = maxLengthOf(schema)!;
    expect(schema.safeParse('x'.repeat(max)).success).toBe(true);
    expect(schema.safeParse('x'.repeat(max + 1)).success).toBe(false);
  });

  it('is undefined where no length is set', () => {
    expect(maxLengthOf(z.string())).toBeUndefined();
    expect(maxLengthOf(z.number().max(5))).toBeUndefined();
    expect(maxLengthOf(settingValueSchema('primaryColor'))).toBeUndefined();
  });
});
