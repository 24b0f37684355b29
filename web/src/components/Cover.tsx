import { Box } from '@mantine/core';
import { useState } from 'react';
import { coverUrl, currentConfig, urlBase } from '../api/client';

type Images = { coverType?: string; url?: string | null }[] | undefined | null;

/** A lazy cover from /MediaCover in the size asked for; a quiet placeholder when there is none. */
export function Cover({
  images,
  type = 'poster',
  size = 250,
  width,
  height,
  alt,
}: {
  images: Images;
  type?: string;
  size?: 250 | 500;
  width: number;
  height: number;
  alt: string;
}) {
  const [failed, setFailed] = useState(false);
  const url = coverUrl(images, type, size, urlBase());
  const placeholder = (
    <Box w={width} h={height} bg="gray.3" style={{ borderRadius: 4, flexShrink: 0 }} aria-label={alt} role="img" />
  );
  if (!url || failed) return placeholder;
  // Quire's own covers need the key (an <img> sends no header); a remote cover (search results) is used as it is.
  const local = url.startsWith(`${urlBase()}/MediaCover/`);
  const src = local ? `${url}${url.includes('?') ? '&' : '?'}apikey=${currentConfig().apiKey}` : url;
  return (
    <img
      src={src}
      referrerPolicy="no-referrer"
      alt={alt}
      loading="lazy"
      decoding="async"
      width={width}
      height={height}
      style={{ objectFit: 'cover', borderRadius: 4, flexShrink: 0 }}
      onError={() => setFailed(true)}
    />
  );
}
