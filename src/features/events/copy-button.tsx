import { Button } from '@chakra-ui/react';
import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';

const COPIED_MS = 2000;

/** Copies a text; says Copied for 2 seconds, or reports 'Failed to copy link to clipboard'. */
export function CopyButton({
  text,
  onError,
  label = 'Copy',
}: {
  text: string;
  onError(message: string | null): void;
  label?: string;
}) {
  const [isCopied, setCopied] = useState(false);
  useEffect(() => {
    if (!isCopied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [isCopied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      onError(null);
      setCopied(true);
    } catch {
      onError('Failed to copy link to clipboard');
    }
  }

  return (
    <Button variant="outline" onClick={() => void copy()} minW="6.5rem" flexShrink={0}>
      {isCopied ? <Check aria-hidden /> : <Copy aria-hidden />}
      {isCopied ? 'Copied' : label}
    </Button>
  );
}
