/** base-path.ts: a switcher's `<option data-url-option value="/fr/guide">` moves under the base; other options do not. */
import { describe, expect, it } from 'vitest';
import { htmlUnderBase } from '../src/shared/site/base-path.ts';

describe('htmlUnderBase and <option> values', () => {
  it('moves the value of a marked option only', () => {
    const html = [
      '<select data-nav-select><option value="/en" data-url-option selected>English</option><option value="/fr/guide" data-url-option>Français</option>',
      '<option value="https://example.com/x" data-url-option>Out</option></select>',
      '<select><option value="/not-a-page">Plain</option></select><input value="/typed">',
    ].join('');
    expect(htmlUnderBase(html, '/pr-7/')).toBe(
      [
        '<select data-nav-select><option value="/pr-7/en" data-url-option selected>English</option><option value="/pr-7/fr/guide" data-url-option>Français</option>',
        '<option value="https://example.com/x" data-url-option>Out</option></select>',
        '<select><option value="/not-a-page">Plain</option></select><input value="/typed">',
      ].join(''),
    );
    expect(htmlUnderBase(html, '/')).toBe(html);
  });
});
