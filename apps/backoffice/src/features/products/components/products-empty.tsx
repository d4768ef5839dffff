import { fr } from "@certavis/i18n-fr";
import { Button } from "@certavis/ui";
import { Flex, Heading, Text } from "@radix-ui/themes";
import { Link } from "react-router";

const t = fr.products;

/** No product yet (with 'Nouveau produit' when the plan has room), or none matching the filters. */
export function ProductsEmpty({ noProducts, canCreate }: { noProducts: boolean; canCreate: boolean }) {
  return (
    <Flex direction="column" align="center" gap="3" py="9" className="text-center">
      <Heading as="h2" size="4">
        {noProducts ? t.empty.title : t.empty.noMatch}
      </Heading>
      <Text color="gray">{noProducts ? t.empty.description : t.empty.noMatchDescription}</Text>
      {noProducts && canCreate ? (
        <Button asChild>
          <Link to="/products/new">{t.newProduct}</Link>
        </Button>
      ) : null}
    </Flex>
  );
}
