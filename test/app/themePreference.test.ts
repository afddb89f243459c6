/** The theme toggle's rules: the cycle, what a preference comes to, what storage reads back as. */
import { describe, expect, it } from 'vitest';
import { nextPreference, parsePreference, resolveTheme } from '../../src/app/theme/themePreference.ts';

describe('theme preference', () => {
  it('cycles system → light → dark → system', () => {
    expect(nextPreference('system')).toBe('light');
    expect(nextPreference('light')).toBe('dark');
    expect(nextPreference('dark')).toBe('system');
  });

  it('follows the system only while the preference is system', () => {
    expect(resolveTheme('system', true)).toBe('light');
    expect(resolveTheme('system', false)).toBe('dark');
    expect(resolveTheme('dark', true)).toBe('dark');
    expect(resolveTheme('light', false)).toBe('light');
  });

  it('reads anything stored but light or dark as system', () => {
    expect(parsePreference('light')).toBe('light');
    expect(parsePreference('dark')).toBe('dark');
    expect(parsePreference(null)).toBe('system');
    expect(parsePreference('sepia')).toBe('system');
  });
});
