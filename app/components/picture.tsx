// A picture from a loader (app/lib/picture.server.ts): with its widths as `srcset` and its
// size (no layout shift) when it was uploaded, a plain <img> for a typed address.
import type { ImgHTMLAttributes } from "react";

export type Picture = { url: string; srcset?: string; width?: number; height?: number };

export function PictureImg({
  picture,
  sizes,
  alt,
  ...rest
}: { picture: Picture; sizes: string; alt: string } & Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet" | "alt">) {
  return (
    <img
      src={picture.url}
      alt={alt}
      {...(picture.srcset ? { srcSet: picture.srcset, sizes } : {})}
      {...(picture.width ? { width: picture.width, height: picture.height } : {})}
      {...rest}
    />
  );
}
