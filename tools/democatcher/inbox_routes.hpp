#pragma once
// democatcher's HTTP answers:
//   GET  /              the inbox page (inbox_page.hpp)
//   GET  /api/messages  [{id, kind: "email"|"sms", to: [..], from, subject, text, received_at}], newest first
//   DELETE /api/messages  forgets the messages in memory (tests); 204
//   GET  /sms?to=..&text=..,  POST /sms (JSON or form)  an SMS gateway: 200 {"id": N}, or 400 {"errors": [..]}
namespace argus::http {
struct Request;
struct Response;
} // namespace argus::http

namespace argus::democatcher {

class MessageStore;

class InboxRoutes {
public:
  explicit InboxRoutes(MessageStore& store) : store_(store) {}

  //! The answer to any request; unknown paths 404, other methods 405.
  http::Response handle(http::Request& request) const;

private:
  http::Response messages(const http::Request& request) const;
  http::Response sms(const http::Request& request) const;

  MessageStore& store_;
};

} // namespace argus::democatcher
