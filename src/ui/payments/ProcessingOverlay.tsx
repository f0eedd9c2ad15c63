// The blocking overlay shown while a payment or subscription call runs (SPEC 2 "a processing overlay").
import { Overlay } from '../components/Overlay';

export function ProcessingOverlay({ text }: { text: string | null }) {
  if (!text) return null;
  return <Overlay text={text} />;
}
