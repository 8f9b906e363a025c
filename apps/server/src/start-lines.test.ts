// What `npm start` prints for a person: where the shop is, and in demo mode how to get in.
import { describe, expect, it } from 'vitest';
import { readyLine, shopUrl } from './main.ts';

describe('the ready line', () => {
  it('names the shop’s address, the outbox and the demo admin in demo mode', () => {
    expect(readyLine({ HOST: '127.0.0.1', PORT: 3000, DEMO_MODE: true }, '9999900001')).toBe(
      'Shop ready at http://localhost:3000 (demo mode: codes at /dev/outbox, admin 9999900001)',
    );
  });
  it('uses the port and host the shop listens on, without demo hints for a real shop', () => {
    expect(readyLine({ HOST: '0.0.0.0', PORT: 8080, DEMO_MODE: false }, '9999900001')).toBe(
      'Shop ready at http://localhost:8080',
    );
    expect(shopUrl('10.0.0.5', 4000)).toBe('http://10.0.0.5:4000');
    expect(shopUrl('fd00::5', 4000)).toBe('http://[fd00::5]:4000');
  });
});
