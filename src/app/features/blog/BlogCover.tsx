import { Image } from "@mantine/core";
import { useStaffImage } from "../articles/StaffArticleBody";

/** A post's cover: staff load drafts' uploaded covers with their token, readers by address. */
export function BlogCover({ src, staff, h }: { src: string; staff: boolean; h: number }) {
  return staff ? <StaffCover src={src} h={h} /> : <Image src={src} alt="" h={h} fit="cover" loading="lazy" />;
}

function StaffCover({ src, h }: { src: string; h: number }) {
  const url = useStaffImage(src);
  return <Image src={url} alt="" h={h} fit="cover" />;
}
