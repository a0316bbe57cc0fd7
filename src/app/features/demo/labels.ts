import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { DemoCountKey } from "../../../domain/demo";

export const COUNT_LABELS: Record<DemoCountKey, MessageDescriptor> = {
  companies: msg`Companies`,
  users: msg`Accounts`,
  properties: msg`Properties`,
  statementFiles: msg`Statement files`,
  filings: msg`Filings`,
  invoices: msg`Invoices`,
  mappings: msg`Statement mappings`,
  batches: msg`Import batches`,
  products: msg`Products`,
  items: msg`Inventory items`,
  photos: msg`Item photos`,
  ebayListings: msg`eBay listings`,
  ebayOrders: msg`eBay orders`,
  kanbanBoards: msg`Boards`,
  kanbanTasks: msg`Board tasks`,
  calendarEvents: msg`Calendar events`,
  mails: msg`Mails to demo accounts`,
};
