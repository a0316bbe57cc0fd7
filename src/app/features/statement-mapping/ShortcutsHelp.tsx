import { Trans, useLingui } from "@lingui/react/macro";
import { ActionIcon, Kbd, Popover, Table, Text } from "@mantine/core";
import { IconKeyboard } from "@tabler/icons-react";

/** The mapping table's keyboard shortcuts ("?" opens it too). */
export function ShortcutsHelp({ opened, onChange }: { opened: boolean; onChange: (o: boolean) => void }) {
  const { t } = useLingui();
  const rows: [string[], string][] = [
    [["↓", "j"], t`Next line`],
    [["↑", "k"], t`Previous line`],
    [["Home", "End"], t`First or last line`],
    [["Enter"], t`Open the field picker (type to search, Enter to choose, Esc to close)`],
    [["a"], t`Accept the line's best suggestion`],
    [["x"], t`Mark the line excluded`],
    [["s"], t`Ignore the line as a subtotal`],
    [["Delete"], t`Clear the line's field`],
    [["Ctrl", "S"], t`Save`],
    [["?"], t`Show or hide these shortcuts`],
  ];
  return (
    <Popover opened={opened} onChange={onChange} position="bottom-end" withArrow shadow="md" width={380}>
      <Popover.Target>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t`Keyboard shortcuts`}
          onClick={() => onChange(!opened)}
        >
          <IconKeyboard size={18} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Text fw={600} size="sm" mb="xs">
          <Trans>Keyboard shortcuts</Trans>
        </Text>
        <Table fz="xs" data-testid="shortcuts">
          <Table.Tbody>
            {rows.map(([keys, what]) => (
              <Table.Tr key={what}>
                <Table.Td style={{ whiteSpace: "nowrap" }}>
                  {keys.map((k) => (
                    <Kbd key={k} size="xs" mr={4}>
                      {k}
                    </Kbd>
                  ))}
                </Table.Td>
                <Table.Td>{what}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Popover.Dropdown>
    </Popover>
  );
}
