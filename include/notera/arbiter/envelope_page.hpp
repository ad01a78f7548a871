// The envelope record written out for people: plain text for the terminal,
// and a printable A4 page (HTML or standalone SVG) that the arbiter prints,
// fills in where something is still blank, signs and sticks on the envelope.
//
// Every label comes from the message bundles (keys "envelope.*"), so the
// page is in the arbiter's language; each item is marked with its paragraph
// in the chosen edition (I.2.1 ... I.2.7 in 2023).
#pragma once

#include <string>

#include "notera/arbiter/envelope.hpp"
#include "notera/locale/messages.hpp"

namespace notera::arbiter {

std::string envelope_text(const EnvelopeRecord& record, const locale::Messages& messages, bool figurines);
std::string envelope_html(const EnvelopeRecord& record, const locale::Messages& messages);
std::string envelope_svg(const EnvelopeRecord& record, const locale::Messages& messages);

}  // namespace notera::arbiter
