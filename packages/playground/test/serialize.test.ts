import { describe, expect, it } from 'vitest';
import { appendQuery, encode, fillPath, serializeCookie, serializeHeader, serializePath, serializeQuery } from '../src/serialize.ts';

// The OpenAPI 3.1 "Style Examples" table: color = "" / "blue" / ["blue","black","brown"] / {R:100,G:200,B:150}.
const empty = '';
const str = 'blue';
const arr = ['blue', 'black', 'brown'];
const obj = { R: 100, G: 200, B: 150 };

describe('path styles (OpenAPI style examples table)', () => {
  const rows: Array<[string, boolean, string, string, string, string]> = [
    ['matrix', false, ';color', ';color=blue', ';color=blue,black,brown', ';color=R,100,G,200,B,150'],
    ['matrix', true, ';color', ';color=blue', ';color=blue;color=black;color=brown', ';R=100;G=200;B=150'],
    ['label', false, '.', '.blue', '.blue,black,brown', '.R,100,G,200,B,150'],
    ['label', true, '.', '.blue', '.blue.black.brown', '.R=100.G=200.B=150'],
    ['simple', false, '', 'blue', 'blue,black,brown', 'R,100,G,200,B,150'],
    ['simple', true, '', 'blue', 'blue,black,brown', 'R=100,G=200,B=150'],
  ];
  for (const [style, explode, e, s, a, o] of rows) {
    it(`${style} explode=${explode}`, () => {
      expect(serializePath('color', empty, style, explode)).toBe(e);
      expect(serializePath('color', str, style, explode)).toBe(s);
      expect(serializePath('color', arr, style, explode)).toBe(a);
      expect(serializePath('color', obj, style, explode)).toBe(o);
    });
  }
  it('undefined is not sent', () => {
    for (const style of ['simple', 'label', 'matrix']) expect(serializePath('color', undefined, style, false)).toBe('');
  });
  it('percent-encodes reserved characters in path values', () => {
    expect(serializePath('id', 'a/b c?', 'simple')).toBe('a%2Fb%20c%3F');
    expect(serializePath('id', ['a,b', 'c'], 'simple')).toBe('a%2Cb,c');
  });
  it('fills templates and keeps unknown placeholders', () => {
    expect(fillPath('/users/{id}/pets/{petId}', { id: '7' })).toBe('/users/7/pets/{petId}');
  });
});

describe('query styles (OpenAPI style examples table)', () => {
  it('form explode=false', () => {
    expect(serializeQuery('color', empty, 'form', false)).toBe('color=');
    expect(serializeQuery('color', str, 'form', false)).toBe('color=blue');
    expect(serializeQuery('color', arr, 'form', false)).toBe('color=blue,black,brown');
    expect(serializeQuery('color', obj, 'form', false)).toBe('color=R,100,G,200,B,150');
  });
  it('form explode=true (default)', () => {
    expect(serializeQuery('color', empty)).toBe('color=');
    expect(serializeQuery('color', str)).toBe('color=blue');
    expect(serializeQuery('color', arr)).toBe('color=blue&color=black&color=brown');
    expect(serializeQuery('color', obj)).toBe('R=100&G=200&B=150');
  });
  it('spaceDelimited explode=false', () => {
    expect(serializeQuery('color', arr, 'spaceDelimited', false)).toBe('color=blue%20black%20brown');
    expect(serializeQuery('color', obj, 'spaceDelimited', false)).toBe('color=R%20100%20G%20200%20B%20150');
  });
  it('pipeDelimited explode=false', () => {
    expect(serializeQuery('color', arr, 'pipeDelimited', false)).toBe('color=blue|black|brown');
    expect(serializeQuery('color', obj, 'pipeDelimited', false)).toBe('color=R|100|G|200|B|150');
  });
  it('space/pipe-delimited explode=true behave as form explode', () => {
    expect(serializeQuery('color', arr, 'spaceDelimited', true)).toBe('color=blue&color=black&color=brown');
    expect(serializeQuery('color', arr, 'pipeDelimited', true)).toBe('color=blue&color=black&color=brown');
  });
  it('deepObject explode=true', () => {
    expect(serializeQuery('color', obj, 'deepObject', true)).toBe('color[R]=100&color[G]=200&color[B]=150');
  });
  it('false and 0 are still sent; undefined is not', () => {
    expect(serializeQuery('flag', false)).toBe('flag=false');
    expect(serializeQuery('n', 0)).toBe('n=0');
    expect(serializeQuery('n', undefined)).toBe('');
    expect(serializeQuery('n', null)).toBe('n=');
  });
  it('percent-encodes values unless allowReserved', () => {
    expect(serializeQuery('q', 'a&b=c/d e')).toBe('q=a%26b%3Dc%2Fd%20e');
    expect(serializeQuery('q', 'a/b:c?d', 'form', true, true)).toBe('q=a/b:c?d');
    expect(serializeQuery('q', 'é')).toBe('q=%C3%A9');
  });
  it('appends to URLs with or without an existing query', () => {
    expect(appendQuery('https://x/a', ['a=1', '', 'b=2'])).toBe('https://x/a?a=1&b=2');
    expect(appendQuery('https://x/a?k=v', ['a=1'])).toBe('https://x/a?k=v&a=1');
    expect(appendQuery('https://x/a', [])).toBe('https://x/a');
  });
  it('encode keeps unreserved characters', () => {
    expect(encode('Az09-._~')).toBe('Az09-._~');
    expect(encode("!'()*")).toBe('%21%27%28%29%2A');
  });
});

describe('header (simple)', () => {
  it('matches the table', () => {
    expect(serializeHeader(str)).toBe('blue');
    expect(serializeHeader(arr)).toBe('blue,black,brown');
    expect(serializeHeader(obj, false)).toBe('R,100,G,200,B,150');
    expect(serializeHeader(obj, true)).toBe('R=100,G=200,B=150');
    expect(serializeHeader(false)).toBe('false');
    expect(serializeHeader(undefined)).toBeUndefined();
  });
});

describe('cookie (form)', () => {
  it('explode=false and true', () => {
    expect(serializeCookie('color', str, false)).toBe('color=blue');
    expect(serializeCookie('color', arr, false)).toBe('color=blue,black,brown');
    expect(serializeCookie('color', obj, false)).toBe('color=R,100,G,200,B,150');
    expect(serializeCookie('color', arr, true)).toBe('color=blue; color=black; color=brown');
    expect(serializeCookie('color', obj, true)).toBe('R=100; G=200; B=150');
    expect(serializeCookie('session', 'a b;c')).toBe('session=a%20b%3Bc');
    expect(serializeCookie('n', 0)).toBe('n=0');
  });
});
