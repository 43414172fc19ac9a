import { isPasswordFormFilled, passwordChangeProblem } from './password-change';

const form = (currentPassword: string, newPassword: string, confirmPassword: string) => ({
  currentPassword,
  newPassword,
  confirmPassword,
});

describe('isPasswordFormFilled', () => {
  it('is true only when current, new and confirm all have a value', () => {
    expect(isPasswordFormFilled(form('', '', ''))).toBe(false);
    expect(isPasswordFormFilled(form('old', 'new', ''))).toBe(false);
    expect(isPasswordFormFilled(form('', 'new', 'new'))).toBe(false);
    expect(isPasswordFormFilled(form('old', 'new', 'new'))).toBe(true);
  });
});

describe('passwordChangeProblem', () => {
  it('reports a mismatch first (the specified texts)', () => {
    expect(passwordChangeProblem(form('old', 'short', 'other'))).toEqual({
      title: 'Password mismatch',
      description: 'New password and confirmation do not match',
    });
  });

  it('reports a new password under 8 characters', () => {
    expect(passwordChangeProblem(form('old', '1234567', '1234567'))).toEqual({
      title: 'Password too short',
      description: 'Password must be at least 8 characters long',
    });
  });

  it('accepts 8 characters that match', () => {
    expect(passwordChangeProblem(form('old', '12345678', '12345678'))).toBeNull();
  });
});
