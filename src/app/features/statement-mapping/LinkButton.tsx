import { Button, type ButtonProps } from "@mantine/core";
import { createLink } from "@tanstack/react-router";
import { type AnchorHTMLAttributes, forwardRef } from "react";

/** A Mantine button that is a typed router link (route params checked). */
const ButtonAnchor = forwardRef<HTMLAnchorElement, ButtonProps & AnchorHTMLAttributes<HTMLAnchorElement>>(
  function ButtonAnchor(props, ref) {
    return <Button component="a" ref={ref} {...props} />;
  },
);

export const LinkButton = createLink(ButtonAnchor);
