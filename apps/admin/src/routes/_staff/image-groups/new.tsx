import { createFileRoute, Link, useNavigate } from "@tanstack/react-router"
import { api } from "../../../api"
import { ImageGroupEditor } from "../../../components/ImageGroupEditor"
import { PageHeader } from "../../../components/PageStates"
import { pageTitle } from "../../../lib/page-title"

export const Route = createFileRoute("/_staff/image-groups/new")({
  head: () => ({ meta: [{ title: pageTitle("New image group") }] }),
  component: NewImageGroup,
})

function NewImageGroup() {
  const navigate = useNavigate()
  return (
    <>
      <PageHeader title="New image group">
        <Link to="/image-groups" className="btn">
          All image groups
        </Link>
      </PageHeader>
      <ImageGroupEditor
        initial={{ name: "", description: "", images: [] }}
        submitLabel="Create group"
        onSave={async (payload) => {
          const { imageGroup } = await api.imageGroups.create({ payload })
          await navigate({
            to: "/image-groups/$imageGroupId",
            params: { imageGroupId: imageGroup.id },
          })
        }}
      />
    </>
  )
}
