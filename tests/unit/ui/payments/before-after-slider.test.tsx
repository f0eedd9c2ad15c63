// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BeforeAfterSlider } from '../../../../src/ui/payments/BeforeAfterSlider';

function setup() {
  const utils = render(
    <BeforeAfterSlider
      label="Before and after comparison"
      before={{ src: '/images/before-render.webp', alt: 'before' }}
      after={{ src: '/images/after-render.webp', alt: 'after' }}
    />,
  );
  const images = utils.container.querySelectorAll('img');
  const stage = utils.container.querySelector<HTMLElement>('.compare-stage')!;
  stage.getBoundingClientRect = () => ({
    left: 100,
    width: 400,
    top: 0,
    height: 250,
    right: 500,
    bottom: 250,
    x: 100,
    y: 0,
    toJSON: () => ({}),
  });
  const loadAll = () =>
    act(() => {
      images.forEach((img) => fireEvent.load(img));
    });
  return { ...utils, images, stage, loadAll };
}

describe('the before/after slider', () => {
  it('says "Loading comparison images..." until both images have loaded', () => {
    const { images, loadAll } = setup();
    expect(screen.getByRole('status').textContent).toBe('Loading comparison images...');
    act(() => void fireEvent.load(images[0]!));
    expect(screen.queryByRole('slider')).toBeNull();
    expect(screen.getByText('Loading comparison images...')).toBeTruthy();
    loadAll();
    expect(screen.queryByText('Loading comparison images...')).toBeNull();
    expect(screen.getByText('BEFORE')).toBeTruthy();
    expect(screen.getByText('AFTER')).toBeTruthy();
  });

  it('counts images the page already has (its HTML preloads them) as loaded, without waiting for their load event', () => {
    const complete = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, 'complete')!;
    const width = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, 'naturalWidth')!;
    Object.defineProperty(HTMLImageElement.prototype, 'complete', { configurable: true, get: () => true });
    Object.defineProperty(HTMLImageElement.prototype, 'naturalWidth', { configurable: true, get: () => 960 });
    try {
      setup();
      expect(screen.queryByText('Loading comparison images...')).toBeNull();
      expect(screen.getByRole('slider', { name: 'Before and after comparison' })).toBeTruthy();
    } finally {
      Object.defineProperty(HTMLImageElement.prototype, 'complete', complete);
      Object.defineProperty(HTMLImageElement.prototype, 'naturalWidth', width);
    }
  });

  it('says so when an image cannot load', () => {
    const { images } = setup();
    act(() => void fireEvent.error(images[1]!));
    expect(screen.getByRole('status').textContent).toBe('The comparison images could not be loaded.');
  });

  it('is a named slider from 0 to 100 that starts at 50', () => {
    setup().loadAll();
    const slider = screen.getByRole('slider', { name: 'Before and after comparison' });
    expect(slider.getAttribute('aria-valuemin')).toBe('0');
    expect(slider.getAttribute('aria-valuemax')).toBe('100');
    expect(slider.getAttribute('aria-valuenow')).toBe('50');
    expect(slider.getAttribute('aria-valuetext')).toBe('50% before, 50% after');
  });

  it('moves 5 with the arrow keys, to the ends with Home and End, and stays within 0-100', async () => {
    setup().loadAll();
    const user = userEvent.setup();
    const slider = screen.getByRole('slider');
    slider.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(slider.getAttribute('aria-valuenow')).toBe('60');
    await user.keyboard('{ArrowLeft}');
    expect(slider.getAttribute('aria-valuenow')).toBe('55');
    await user.keyboard('{End}{ArrowRight}');
    expect(slider.getAttribute('aria-valuenow')).toBe('100');
    await user.keyboard('{Home}{ArrowLeft}');
    expect(slider.getAttribute('aria-valuenow')).toBe('0');
  });

  it('jumps to where it is clicked and follows a drag, clamped to the box', () => {
    const { stage, loadAll } = setup();
    loadAll();
    const slider = screen.getByRole('slider');
    fireEvent.pointerDown(stage, { pointerId: 1, clientX: 200, button: 0, pointerType: 'mouse' });
    expect(slider.getAttribute('aria-valuenow')).toBe('25');
    expect(document.activeElement).toBe(slider);
    fireEvent.pointerMove(stage, { pointerId: 1, clientX: 400, pointerType: 'mouse' });
    expect(slider.getAttribute('aria-valuenow')).toBe('75');
    fireEvent.pointerMove(stage, { pointerId: 1, clientX: 900, pointerType: 'mouse' });
    expect(slider.getAttribute('aria-valuenow')).toBe('100');
    fireEvent.pointerUp(stage, { pointerId: 1, clientX: 900, pointerType: 'mouse' });
    fireEvent.pointerMove(stage, { pointerId: 1, clientX: 200, pointerType: 'mouse' });
    expect(slider.getAttribute('aria-valuenow')).toBe('100');
  });

  it('follows a touch drag too', () => {
    const { stage, loadAll } = setup();
    loadAll();
    fireEvent.pointerDown(stage, { pointerId: 7, clientX: 120, pointerType: 'touch' });
    fireEvent.pointerMove(stage, { pointerId: 7, clientX: 140, pointerType: 'touch' });
    expect(screen.getByRole('slider').getAttribute('aria-valuenow')).toBe('10');
    fireEvent.pointerCancel(stage, { pointerId: 7, pointerType: 'touch' });
  });

  it('shows the before image over the part left of the handle', async () => {
    const { container, loadAll } = setup();
    loadAll();
    const clip = container.querySelector<HTMLElement>('.compare-before')!;
    expect(clip.style.clipPath).toBe('inset(0 50% 0 0)');
    screen.getByRole('slider').focus();
    await userEvent.setup().keyboard('{Home}');
    expect(clip.style.clipPath).toBe('inset(0 100% 0 0)');
  });
});
