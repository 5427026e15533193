/**
 * The game's sounds, made with Web Audio (no file to fetch): a move, a capture, a game's start
 * and end, low time. The header's switch mutes them (a setting: settings.ts). The
 * last sound made is noted on <body data-sound> (what a player would hear, readable by tests).
 */
import { changeSetting, settings } from './settings.js';

export type Sound = 'move' | 'capture' | 'start' | 'end' | 'low-time';

/** Each sound: its notes (Hz) and how long each lasts (s). */
const NOTES: Record<Sound, { freq: number[]; len: number; type: OscillatorType }> = {
  move: { freq: [520], len: 0.06, type: 'triangle' },
  capture: { freq: [360, 300], len: 0.07, type: 'square' },
  start: { freq: [440, 660], len: 0.12, type: 'sine' },
  end: { freq: [660, 440, 330], len: 0.14, type: 'sine' },
  'low-time': { freq: [880, 880], len: 0.09, type: 'square' },
};

let audio: AudioContext | null = null;

export const soundsOn = (): boolean => settings().sounds;

export const setSounds = (on: boolean): void => changeSetting('sounds', on);

export function play(sound: Sound): void {
  if (!soundsOn()) return;
  document.body.dataset.sound = sound;
  try {
    audio ??= new AudioContext();
    void audio.resume().catch(() => undefined);
    const { freq, len, type } = NOTES[sound];
    const t0 = audio.currentTime;
    freq.forEach((f, i) => {
      const osc = audio!.createOscillator();
      const gain = audio!.createGain();
      osc.type = type;
      osc.frequency.value = f;
      const at = t0 + i * len;
      gain.gain.setValueAtTime(0.15, at);
      gain.gain.exponentialRampToValueAtTime(0.001, at + len);
      osc.connect(gain).connect(audio!.destination);
      osc.start(at);
      osc.stop(at + len);
    });
  } catch {
    // No audio here (a browser without Web Audio): the game goes on silently.
  }
}
