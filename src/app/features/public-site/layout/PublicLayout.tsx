import { Box } from "@mantine/core";
import { Outlet } from "@tanstack/react-router";
import { HEADER_HEIGHT } from "../constants";
import { PublicFooter } from "./PublicFooter";
import { PublicHeader } from "./PublicHeader";

/** The public layout: fixed header, the page in <main>, footer. */
export function PublicLayout() {
  return (
    <Box mih="100dvh" display="flex" style={{ flexDirection: "column" }}>
      <PublicHeader />
      <Box component="main" id="main" pt={HEADER_HEIGHT} style={{ flex: 1 }}>
        <Outlet />
      </Box>
      <PublicFooter />
    </Box>
  );
}
