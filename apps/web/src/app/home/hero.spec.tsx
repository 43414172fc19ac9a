import { en } from '@app/contracts/i18n/en';
import { HERO_VARIANTS, pickHeroVariant } from './hero';

describe('pickHeroVariant', () => {
  it('splits 50/50 between headline A and B', () => {
    expect(pickHeroVariant(() => 0)).toBe('A');
    expect(pickHeroVariant(() => 0.4999)).toBe('A');
    expect(pickHeroVariant(() => 0.5)).toBe('B');
    expect(pickHeroVariant(() => 0.9999)).toBe('B');
    expect(en[HERO_VARIANTS.B.title]).toMatch(/gateway to tech excellence/i);
  });
});
