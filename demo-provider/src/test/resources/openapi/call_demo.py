"""Calls every demo method through the Python client OpenAPI Generator made from the provider's openapi.json.

Usage: call_demo.py CLIENT_DIR BASE_URL. Prints one JSON object with what each call answered; exits non-zero
if a call fails in a way the document does not describe.
"""
import base64
import datetime
import json
import sys

sys.path.insert(0, sys.argv[1])

import demo_client  # noqa: E402
from demo_client.api.io_httpjson_demo_api_echo_service_api import IoHttpjsonDemoApiEchoServiceApi  # noqa: E402
from demo_client.api.io_httpjson_demo_api_greeting_service_api import IoHttpjsonDemoApiGreetingServiceApi  # noqa: E402
from demo_client.api.io_httpjson_demo_api_release_service_api import IoHttpjsonDemoApiReleaseServiceApi  # noqa: E402
from demo_client.api.io_httpjson_demo_api_user_service_api import IoHttpjsonDemoApiUserServiceApi  # noqa: E402
from demo_client.api.provider_api import ProviderApi  # noqa: E402
from demo_client.models.echo_service_between_request import EchoServiceBetweenRequest  # noqa: E402
from demo_client.models.echo_service_describe_request import EchoServiceDescribeRequest  # noqa: E402
from demo_client.models.echo_service_empty_to_null_request import EchoServiceEmptyToNullRequest  # noqa: E402
from demo_client.models.echo_service_format_request import EchoServiceFormatRequest  # noqa: E402
from demo_client.models.echo_service_next_id_request import EchoServiceNextIdRequest  # noqa: E402
from demo_client.models.echo_service_plus_days_request import EchoServicePlusDaysRequest  # noqa: E402
from demo_client.models.echo_service_repeat_request import EchoServiceRepeatRequest  # noqa: E402
from demo_client.models.echo_service_slow_request import EchoServiceSlowRequest  # noqa: E402
from demo_client.models.get_user_long_arguments_by_name import GetUserLongArgumentsByName  # noqa: E402
from demo_client.models.greeting_service_say_hello_request import GreetingServiceSayHelloRequest  # noqa: E402
from demo_client.models.list_users_int_int_arguments_by_name import ListUsersIntIntArgumentsByName  # noqa: E402
from demo_client.models.user import User  # noqa: E402
from demo_client.models.user_service_get_user_async_request import UserServiceGetUserAsyncRequest  # noqa: E402
from demo_client.models.user_service_get_user_request import UserServiceGetUserRequest  # noqa: E402
from demo_client.models.user_service_list_users_request import UserServiceListUsersRequest  # noqa: E402
from demo_client.models.user_service_update_attributes_request import UserServiceUpdateAttributesRequest  # noqa: E402

client = demo_client.ApiClient(demo_client.Configuration(host=sys.argv[2]))
greetings = IoHttpjsonDemoApiGreetingServiceApi(client)
users = IoHttpjsonDemoApiUserServiceApi(client)
out = {}


def user(u):
    return {
        "id": u.id,
        "name": u.name,
        "email": u.email,
        "birthday": u.birthday.isoformat() if u.birthday else None,
        "registeredAt": u.registered_at.isoformat() if u.registered_at else None,
        "lastLogin": u.last_login.isoformat() if u.last_login else None,
        "roles": u.roles,
        "attributes": u.attributes,
    }


out["health"] = ProviderApi(client).health().status
hello = greetings.greeting_service_say_hello(GreetingServiceSayHelloRequest(["world"]))
out["sayHello"] = {"code": hello.code, "data": hello.data, "message": hello.message}
out["getUser"] = user(users.user_service_get_user(UserServiceGetUserRequest([1])))
# the named form: the generated oneOf wrapper also takes a model instance for List[object] (pydantic iterates
# it) and refuses it as ambiguous, so it is set without that check
by_name = UserServiceGetUserRequest.model_construct(actual_instance=GetUserLongArgumentsByName(id=2))
out["getUserByName"] = user(users.user_service_get_user(by_name))
created = users.user_service_create_user(
    [User(name="Barbara Liskov", email="barbara@example.org", birthday=datetime.date(1939, 11, 7), roles=["dev"])]
)
out["createUser"] = user(created)
page = users.user_service_list_users(UserServiceListUsersRequest([1, 2]))
out["listUsers"] = {
    "pageNumber": page.page_number,
    "pageSize": page.page_size,
    "total": page.total,
    "names": [u.name for u in page.items],
}
named = users.user_service_list_users(
    UserServiceListUsersRequest.model_construct(
        actual_instance=ListUsersIntIntArgumentsByName(page_number=2, page_size=2)
    )
)
out["listUsersByName"] = [u.name for u in named.items]
out["findByIds"] = [u.name for u in users.user_service_find_by_ids([[1, 3, 999]])]
out["updateAttributes"] = users.user_service_update_attributes(
    UserServiceUpdateAttributesRequest([1, {"desk": "12B"}])
)
out["countByRole"] = users.user_service_count_by_role([["dev", "ops", "nobody"]])
out["getUserAsync"] = user(users.user_service_get_user_async(UserServiceGetUserAsyncRequest([3])))
try:
    users.user_service_get_user(UserServiceGetUserRequest([999]))
    out["notFound"] = "no exception"
except demo_client.ApiException as e:
    out["notFound"] = {"status": e.status, "body": json.loads(e.body)}

echo = IoHttpjsonDemoApiEchoServiceApi(client)
out["nextId"] = echo.echo_service_next_id(EchoServiceNextIdRequest([9007199254740993]))
out["nextIds"] = echo.echo_service_next_ids([[1, 9007199254740993]])
# byte[] is a base64 string both ways
out["reverse"] = echo.echo_service_reverse([base64.b64encode(bytes([0, 1, 2, 255])).decode()])
out["plusDays"] = echo.echo_service_plus_days(EchoServicePlusDaysRequest(["2024-02-28", 2])).isoformat()
out["between"] = echo.echo_service_between(
    EchoServiceBetweenRequest(["2024-01-31T10:00:00Z", "2024-01-31T10:00:01.5Z"])
)
out["describe"] = echo.echo_service_describe(EchoServiceDescribeRequest(["x"]))
out["emptyToNull"] = echo.echo_service_empty_to_null(EchoServiceEmptyToNullRequest([""]))
# overloads: the header picks one; the body is any of the overloads' bodies
out["format"] = [
    echo.echo_service_format(
        dubbo_parameter_types="java.lang.String", echo_service_format_request=EchoServiceFormatRequest.from_json('["abc"]')
    ),
    echo.echo_service_format(
        dubbo_parameter_types="java.lang.String,int",
        echo_service_format_request=EchoServiceFormatRequest.from_json('["abc", 6]'),
    ),
    echo.echo_service_format(
        dubbo_parameter_types="long,int", echo_service_format_request=EchoServiceFormatRequest.from_json("[42, 5]")
    ),
]
out["repeat"] = echo.echo_service_repeat(EchoServiceRepeatRequest(["ab", 3]))
out["slow"] = echo.echo_service_slow(EchoServiceSlowRequest([1]))
answered = echo.echo_service_attachments_with_http_info([["a", "b", "c"]], dubbo_attachments="a=1,b=J%C3%B6rg")
out["attachments"] = {"data": answered.data, "header": answered.headers.get("Dubbo-Attachments")}

releases = IoHttpjsonDemoApiReleaseServiceApi(client)
out["release"] = [
    releases.release_service_release(dubbo_service_version="1.0.0", dubbo_service_group="stable"),
    releases.release_service_release(dubbo_service_version="2.0.0", dubbo_service_group="canary"),
]
print(json.dumps(out))
