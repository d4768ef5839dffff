import { fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Flex } from "@radix-ui/themes";
import { Link } from "react-router";
import { PlusIcon } from "../../../components/icons";

const t = fr.products;

/** Where the order-import screen lives. */
const ORDER_IMPORT_PATH = "/orders/import";

/** 'Importer des commandes' and 'Nouveau produit' (disabled once the plan's limit is reached). */
export function ProductsHeaderActions({ limitReached }: { limitReached: boolean }) {
  return (
    <Flex gap="3" wrap="wrap">
      <Button variant="outline" asChild>
        <Link to={ORDER_IMPORT_PATH}>{t.importOrders}</Link>
      </Button>
      {limitReached ? (
        <Button disabled>
          <PlusIcon /> {t.newProduct}
        </Button>
      ) : (
        <Button asChild>
          <Link to="/products/new">
            <PlusIcon /> {t.newProduct}
          </Link>
        </Button>
      )}
    </Flex>
  );
}
